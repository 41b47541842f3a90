import { strokeGlyph } from '../../components/ui/icons';

// Icons of the catalogue screens and category menus, in the style of components/ui/icons.tsx
// (24 px stroke icons, decorative: the control around them carries the label).


export const ChevronDownGlyph = strokeGlyph('m6 9 6 6 6-6');
export const MenuGlyph = strokeGlyph('M4 6h16M4 12h16M4 18h16');
export const MinusGlyph = strokeGlyph('M5 12h14');
export const PlusGlyph = strokeGlyph('M12 5v14M5 12h14');
export const ListGlyph = strokeGlyph('M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01');
export const GridGlyph = strokeGlyph('M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z');
export const CheckGlyph = strokeGlyph('m5 12 5 5 9-10');
export const CrossGlyph = strokeGlyph('M18 6 6 18M6 6l12 12');
export const ClockGlyph = strokeGlyph('M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0');
