import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createContentRepository } from './modules/content/content.repository.ts';
import { createContentService } from './modules/content/content.service.ts';
import { createLoginAttemptRepository } from './modules/auth/login-attempt.repository.ts';
import { createSessionRepository } from './modules/auth/session.repository.ts';
import { createSettingsRepository } from './modules/settings/settings.repository.ts';
import { createSettingsService } from './modules/settings/settings.service.ts';
import { createStatisticsRepository } from './modules/statistics/statistics.repository.ts';
import { createStatisticsService } from './modules/statistics/statistics.service.ts';
import { createTenantRepository } from './modules/tenants/tenant.repository.ts';
import { createTenantService } from './modules/tenants/tenant.service.ts';
import { createUserRepository } from './modules/users/user.repository.ts';
import { createUserService } from './modules/users/user.service.ts';

// The composition root: every service, wired once per process. API routes and route loaders
// both reach the business rules through this object.
export function createServices(db: Database, config: Config) {
  const users = createUserRepository(db);
  return {
    tenants: createTenantService(createTenantRepository(db), config.defaultTenant),
    settings: createSettingsService(createSettingsRepository(db)),
    auth: createAuthService({
      sessions: createSessionRepository(db),
      attempts: createLoginAttemptRepository(db),
      users,
      settings: { sessionTtlHours: config.sessionTtlHours, loginThrottle: config.loginThrottle },
    }),
    users: createUserService(users),
    statistics: createStatisticsService(createStatisticsRepository(db)),
    content: createContentService(createContentRepository(db)),
  };
}

export type Services = ReturnType<typeof createServices>;
