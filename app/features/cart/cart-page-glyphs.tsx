import { Icon, type IconProps } from '../../components/ui/icons';

// Icons only the cart and wishlist pages and their modals use, apart from cart-glyphs.tsx so the
// header (on every page) does not carry them. Same style: 24 px stroke icons, decorative.

export const TrashGlyph = ({ className = 'size-5', ...props }: IconProps) => (
  <Icon className={className} {...props}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </Icon>
);

export const SwapGlyph = ({ className = 'size-5', ...props }: IconProps) => (
  <Icon className={className} {...props}>
    <path d="M7 4 3 8l4 4M3 8h14M17 20l4-4-4-4M21 16H7" />
  </Icon>
);

export const PackageGlyph = ({ className = 'size-5', ...props }: IconProps) => (
  <Icon className={className} {...props}>
    <path d="m21 8-9-5-9 5v8l9 5 9-5V8ZM3 8l9 5 9-5M12 13v8" />
  </Icon>
);

export const TagGlyph = ({ className = 'size-5', ...props }: IconProps) => (
  <Icon className={className} {...props}>
    <path d="M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9-9-9Z" />
    <circle cx="7.5" cy="7.5" r="1.5" />
  </Icon>
);

export const MinusGlyph = ({ className = 'size-4', ...props }: IconProps) => (
  <Icon className={className} {...props}>
    <path d="M5 12h14" />
  </Icon>
);

export const PlusGlyph = ({ className = 'size-4', ...props }: IconProps) => (
  <Icon className={className} {...props}>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);
