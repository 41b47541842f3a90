import { Icon, type IconProps } from '../../components/ui/icons';

// The customer accounts entry's icon, in the style of components/ui/icons.tsx (decorative: the link
// around it carries the label).

export const BuildingsGlyph = ({ className = 'size-5', ...props }: IconProps) => (
  <Icon className={className} {...props}>
    <path d="M3 21h18M5 21V7l6-3v17M11 21V10l8 3v8M8 9v.01M8 12v.01M8 15v.01M14 15v.01M16 15v.01M14 18v.01M16 18v.01" />
  </Icon>
);
