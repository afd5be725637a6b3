export type KitLanguage = 'en' | 'zh-CN';

/**
 * Spec §1: the chat kit speaks English for the application ids of the international sites
 * (0, 20,000,000 up to below 90,000,000, and 1,720,000,000 up to below 1,790,000,000), Chinese otherwise.
 */
export function kitLanguage(sdkAppID: number): KitLanguage {
  const english =
    sdkAppID === 0 ||
    (sdkAppID >= 20_000_000 && sdkAppID < 90_000_000) ||
    (sdkAppID >= 1_720_000_000 && sdkAppID < 1_790_000_000);
  return english ? 'en' : 'zh-CN';
}
