import { Icon, type IconProps } from '../../components/ui/icons';

// Icons of the carts and the wishlist, in the style of components/ui/icons.tsx (24 px stroke icons,
// decorative: the link or button around them carries the label).

export const CartGlyph = ({ className = 'size-5', ...props }: IconProps) => (
  <Icon className={className} {...props}>
    <circle cx="9" cy="20" r="1.5" />
    <circle cx="18" cy="20" r="1.5" />
    <path d="M2 3h3l2.4 11.2a2 2 0 0 0 2 1.6h8.2a2 2 0 0 0 2-1.5L21 7H6" />
  </Icon>
);

/** A calendar with a tick: goods ordered now for a later season. */
export const PreOrderGlyph = ({ className = 'size-5', ...props }: IconProps) => (
  <Icon className={className} {...props}>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M16 3v4M8 3v4M3 10h18M9 15.5l2 2 4-4" />
  </Icon>
);

export const HeartGlyph = ({ className = 'size-5', filled = false, ...props }: IconProps & { filled?: boolean }) => (
  <Icon fill={filled ? 'currentColor' : 'none'} className={className} {...props}>
    <path d="M12 20.5s-8-4.6-8-10.6A4.4 4.4 0 0 1 12 7.3a4.4 4.4 0 0 1 8 2.6c0 6-8 10.6-8 10.6Z" />
  </Icon>
);
