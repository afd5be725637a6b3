import { describe, expect, it } from 'vitest';
import { resolveFeatures } from '../core/features';
import { callTargetOf, callTypesFor } from './call-availability';

describe('call availability', () => {
  it('offers voice and video in one-to-one and group chats', () => {
    expect(callTypesFor('C2Cben', resolveFeatures())).toEqual([1, 2]);
    expect(callTypesFor('GROUPteam', resolveFeatures())).toEqual([1, 2]);
    expect(callTargetOf('GROUPteam')).toEqual({ kind: 'group', groupID: 'team' });
  });

  it('offers none with a customer-service account or in the system conversation', () => {
    expect(callTypesFor('C2C@customer_service_account', resolveFeatures())).toEqual([]);
    expect(callTypesFor('C2Cdesk', resolveFeatures(), ['desk'])).toEqual([]);
    expect(callTypesFor('@TIM#SYSTEM', resolveFeatures())).toEqual([]);
  });

  it('drops a kind whose feature flag is off', () => {
    expect(callTypesFor('C2Cben', resolveFeatures({ VideoCall: false }))).toEqual([1]);
    expect(callTypesFor('C2Cben', resolveFeatures({ VoiceCall: false, VideoCall: false }))).toEqual([]);
  });
});
