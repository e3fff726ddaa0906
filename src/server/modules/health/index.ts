// Liveness and readiness.

export { healthRoutes } from './health.routes';
export { createReadiness } from './readiness';
