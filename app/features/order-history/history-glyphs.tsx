import { strokeGlyph } from '../../components/ui/icons';

// Icons of the order history and the finance view, in the style of components/ui/icons.tsx (24 px stroke
// icons, decorative: the link or button around them carries the label).


export const ReceiptGlyph = strokeGlyph('M6 3h12v18l-3-2-3 2-3-2-3 2V3ZM9 8h6M9 12h6M9 16h3');
export const DocumentGlyph = strokeGlyph('M7 3h7l5 5v13H7V3ZM14 3v5h5M10 13h6M10 17h6');
export const DownloadGlyph = strokeGlyph('M12 4v11M7 10l5 5 5-5M5 20h14');
export const RepeatGlyph = strokeGlyph('M4 12a8 8 0 0 1 13.7-5.6L20 8.7M20 4v4.7h-4.7M20 12a8 8 0 0 1-13.7 5.6L4 15.3M4 20v-4.7h4.7');
export const TruckGlyph = strokeGlyph('M3 6h11v10H3V6ZM14 9h4l3 3v4h-7M7.5 19a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3ZM17.5 19a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z');
export const SearchGlyph = strokeGlyph('M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14ZM20 20l-4-4');
export const ArrowLeftGlyph = strokeGlyph('M19 12H5M11 6l-6 6 6 6');
