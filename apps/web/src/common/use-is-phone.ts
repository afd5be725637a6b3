import { Grid } from 'antd';

/** Below Ant Design's md breakpoint (768 px): where the management centre lays itself out for a phone. */
export function useIsPhone(): boolean {
  return Grid.useBreakpoint().md === false;
}
