import { Icon, type IconProps } from '../../components/ui/icons';

// Icons of the catalogue screens and category menus, in the style of components/ui/icons.tsx
// (24 px stroke icons, decorative: the control around them carries the label).

const glyph = (d: string) =>
  function Glyph({ className = 'size-5', ...props }: IconProps) {
    return (
      <Icon className={className} {...props}>
        <path d={d} />
      </Icon>
    );
  };

export const ChevronDownGlyph = glyph('m6 9 6 6 6-6');
export const MenuGlyph = glyph('M4 6h16M4 12h16M4 18h16');
export const MinusGlyph = glyph('M5 12h14');
export const PlusGlyph = glyph('M12 5v14M5 12h14');
export const ListGlyph = glyph('M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01');
export const GridGlyph = glyph('M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z');
export const CheckGlyph = glyph('m5 12 5 5 9-10');
export const CrossGlyph = glyph('M18 6 6 18M6 6l12 12');
export const ClockGlyph = glyph('M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0');
