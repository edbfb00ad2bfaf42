import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './health/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { announcementRoutes } from './announcements/routes.ts';
import { customPermissionRoutes } from './users/custom-permissions.routes.ts';
import { organizationRoutes } from './organizations/routes.ts';
import { userRoutes } from './users/routes.ts';
import { locationRoutes } from './locations/routes.ts';
import { licenseRoutes } from './licenses/routes.ts';

/** Every API area, registered under /services/api/v2. Add a module with one line here. */
export async function registerModules(api: FastifyInstance) {
  await api.register(healthRoutes);
  await api.register(authRoutes);
  await api.register(notificationRoutes);
  await api.register(announcementRoutes);
  await api.register(customPermissionRoutes);
  await api.register(organizationRoutes);
  await api.register(userRoutes);
  await api.register(locationRoutes);
  await api.register(licenseRoutes);
}
