import { Icon, type IconProps } from '../../components/ui/icons';

// Icons of the account area, in the style of components/ui/icons.tsx (24 px stroke icons, decorative:
// the link or button around them carries the label).

export const AddressBookGlyph = ({ className = 'size-5', ...props }: IconProps) => (
  <Icon className={className} {...props}>
    <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11Z" />
    <circle cx="12" cy="10" r="2.5" />
  </Icon>
);

export const PencilGlyph = ({ className = 'size-4', ...props }: IconProps) => (
  <Icon className={className} {...props}>
    <path d="M4 20h4L19 9l-4-4L4 16v4ZM13.5 6.5l4 4" />
  </Icon>
);

export const TrashGlyph = ({ className = 'size-4', ...props }: IconProps) => (
  <Icon className={className} {...props}>
    <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6" />
  </Icon>
);

export const StarGlyph = ({ className = 'size-4', ...props }: IconProps) => (
  <Icon className={className} {...props}>
    <path d="m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9L12 3.5Z" />
  </Icon>
);

export const PlusGlyph = ({ className = 'size-4', ...props }: IconProps) => (
  <Icon className={className} {...props}>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);

export const CheckGlyph = ({ className = 'size-4', ...props }: IconProps) => (
  <Icon className={className} {...props}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Icon>
);

export const DotGlyph = ({ className = 'size-4', ...props }: IconProps) => (
  <Icon className={className} {...props}>
    <circle cx="12" cy="12" r="2.5" />
  </Icon>
);

export const UsersGlyph = ({ className = 'size-5', ...props }: IconProps) => (
  <Icon className={className} {...props}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14.5a6.5 6.5 0 0 1 3.5 5.5" />
  </Icon>
);
