import { useId } from 'react';
import type { Locale } from '../../../core/locale';

// Inline flags: emoji flags render as bare letters on Windows, and no image request is needed.

function GermanFlag() {
  return (
    <svg viewBox="0 0 5 3" className="h-4 w-6 shrink-0 rounded-[2px] ring-1 ring-zinc-300" aria-hidden="true" focusable="false">
      <rect width="5" height="1" y="0" fill="#000" />
      <rect width="5" height="1" y="1" fill="#dd0000" />
      <rect width="5" height="1" y="2" fill="#ffce00" />
    </svg>
  );
}

function BritishFlag() {
  const clipId = useId();
  return (
    <svg viewBox="0 0 60 30" preserveAspectRatio="none" className="h-4 w-6 shrink-0 rounded-[2px] ring-1 ring-zinc-300" aria-hidden="true" focusable="false">
      <clipPath id={clipId}>
        <path d="M30,15 h30 v15 z v15 h-30 z h-30 v-15 z v-15 h30 z" />
      </clipPath>
      <path d="M0,0 v30 h60 v-30 z" fill="#012169" />
      <path d="M0,0 L60,30 M60,0 L0,30" stroke="#fff" strokeWidth="6" />
      <path d="M0,0 L60,30 M60,0 L0,30" clipPath={`url(#${clipId})`} stroke="#C8102E" strokeWidth="4" />
      <path d="M30,0 v30 M0,15 h60" stroke="#fff" strokeWidth="10" />
      <path d="M30,0 v30 M0,15 h60" stroke="#C8102E" strokeWidth="6" />
    </svg>
  );
}

export function LocaleFlag({ locale }: { locale: Locale }) {
  return locale === 'de' ? <GermanFlag /> : <BritishFlag />;
}
