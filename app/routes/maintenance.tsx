import { useTranslation } from '../lib/i18n';
import type { Route } from './+types/maintenance';
import { appLoadContext } from '../app-context';

export async function loader({ context }: Route.LoaderArgs) {
  const { services, ctx } = context.get(appLoadContext);
  return { html: await services.settings.getMaintenanceHtml(ctx) };
}

export default function MaintenancePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-xl text-center" data-testid="maintenance">
      <h1 className="sr-only">{t('maintenance.title')}</h1>
      {loaderData.html ? (
        // Sanitised on the server (allow-list of tags, no scripts or handlers).
        <div className="maintenance-content space-y-3 text-zinc-800" dangerouslySetInnerHTML={{ __html: loaderData.html }} />
      ) : (
        <p className="text-lg text-zinc-800">{t('maintenance.default_message')}</p>
      )}
    </section>
  );
}
