import { strokeGlyph } from '../../components/ui/icons';

// The icon of quick order, in the style of components/ui/icons.tsx: a list with a lightning stroke.

export const QuickOrderGlyph = strokeGlyph('M4 6h10M4 12h8M4 18h6M18 4l-3 7h4l-3 9');
