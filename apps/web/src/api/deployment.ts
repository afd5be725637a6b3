import type { DeploymentAbilities } from '@liaison/protocol';
import { request } from './client';
import type { Envelope } from './types';

/** The deployment's switches for the paid-plan capabilities (docs/portal-api.md, Deployment plans). */
export function fetchDeploymentAbilities(): Promise<Envelope<DeploymentAbilities>> {
  return request({ url: '/system/deployment/abilities' });
}

export function saveDeploymentAbilities(changes: Partial<DeploymentAbilities>): Promise<Envelope<DeploymentAbilities>> {
  return request({ url: '/system/deployment/abilities', method: 'PUT', data: changes });
}
