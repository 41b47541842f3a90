import { Icon, type IconProps } from '../../components/ui/icons';

// Icons of the finance view, in the style of components/ui/icons.tsx (decorative: the text next to them says it).

export const LockIcon = ({ className = 'size-5', ...props }: IconProps) => (
  <Icon className={className} {...props}>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </Icon>
);
