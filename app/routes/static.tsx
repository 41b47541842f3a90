import { NavLink, Outlet } from 'react-router';
import { useTranslation } from '../lib/i18n';

// The shop's information pages (/static and /static/contact-us): readable by everyone, signed in or not
// (core/route-guards.ts), under one heading with a tab to each page. Plain links: no JavaScript needed.

const tabBase = 'inline-flex h-10 items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap';
const idle = `${tabBase} border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-100 hover:text-zinc-950`;
const active = `${tabBase} border-brand bg-brand-soft font-semibold text-brand-text`;

export default function InformationPagesLayout() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-5xl" data-testid="information-pages">
      <nav aria-label={t('static.nav')} className="mb-6">
        <ul className="flex flex-wrap gap-2">
          <li>
            <NavLink to="/static" end className={({ isActive }) => (isActive ? active : idle)}>
              {t('static.tab.overview')}
            </NavLink>
          </li>
          <li>
            <NavLink to="/static/contact-us" className={({ isActive }) => (isActive ? active : idle)}>
              {t('static.tab.contact')}
            </NavLink>
          </li>
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
