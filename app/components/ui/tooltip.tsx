import { cloneElement, useId, useState, type ReactElement, type ReactNode } from 'react';

export interface TooltipProps {
  content: ReactNode;
  /** One focusable element (button, link); a disabled button must be wrapped in a focusable span. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  side?: 'top' | 'bottom';
  /** Triggers near an edge of the page: 'start' / 'end' line the tip up with the trigger's left / right edge. */
  align?: 'start' | 'center' | 'end';
}

const sideClasses = {
  top: 'bottom-full mb-1.5',
  bottom: 'top-full mt-1.5',
} as const;

const alignClasses = {
  start: 'left-0',
  center: 'left-1/2 -translate-x-1/2',
  end: 'right-0',
} as const;

/**
 * Shown on hover and keyboard focus, dismissed with Escape (WCAG 1.4.13). Plain CSS positioning:
 * a positioning library would cost more JavaScript than every tooltip of a page together.
 */
export function Tooltip({ content, children, side = 'top', align = 'center' }: TooltipProps) {
  const id = useId();
  const [dismissed, setDismissed] = useState(false);
  return (
    <span
      className="group/tooltip relative inline-flex"
      onKeyDown={(event) => {
        if (event.key === 'Escape') setDismissed(true);
      }}
      onMouseLeave={() => setDismissed(false)}
      onBlur={() => setDismissed(false)}
    >
      {cloneElement(children, { 'aria-describedby': id })}
      <span
        role="tooltip"
        id={id}
        className={`tooltip-bubble ${alignClasses[align]} ${sideClasses[side]} ${dismissed ? '' : 'tooltip-live'}`}
      >
        {content}
      </span>
    </span>
  );
}
