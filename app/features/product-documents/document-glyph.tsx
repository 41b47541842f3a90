import { strokeGlyph } from '../../components/ui/icons';

// A sheet with a folded corner and lines of text: a document of the product.
export const DocumentGlyph = strokeGlyph('M14 3H6a1 1 0 0 0-1 1v16a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8zM14 3v5h5M9 13h6M9 17h6');
