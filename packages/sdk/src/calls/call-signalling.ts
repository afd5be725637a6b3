import type { Call, CallMediaFailure, CallMediaType, CallSignal, PushEvent } from '@liaison/protocol';
import type { RequestFunction } from '../core/requests';
import type { CallSignalling } from './call-types';

type CallChange = Parameters<Parameters<CallSignalling['onCall']>[0]>[0];
type SignalEvent = Parameters<Parameters<CallSignalling['onSignal']>[0]>[0];

export interface SignallingContext {
  request: RequestFunction;
  onError(error: unknown): void;
}

/**
 * The call ops over this SDK's connection, and the `call` and `callSignal` pushes it receives
 * (ChatSDK routes them here). The server keeps each call's state; this only forwards. A `call`
 * push reaches every tab of every participant (an 'invited' one too: whether it rings here is
 * the engine's to decide from my participant state), a `callSignal` only the tab that joined.
 */
export class Signalling implements CallSignalling {
  private readonly callHandlers = new Set<(change: CallChange) => void>();
  private readonly signalHandlers = new Set<(signal: SignalEvent) => void>();
  private readonly resyncHandlers = new Set<(calls: Call[]) => void>();

  constructor(private readonly context: SignallingContext) {}

  getConfig() {
    return this.context.request('getCallConfig', {});
  }

  async start(options: { type: CallMediaType; userIDList: string[]; groupID?: string }): Promise<Call> {
    const { type, userIDList, groupID } = options;
    return (
      await this.context.request('startCall', { type, userIDList, ...(groupID === undefined ? {} : { groupID }) })
    ).call;
  }

  async accept(callID: string): Promise<Call> {
    return (await this.context.request('acceptCall', { callID })).call;
  }

  async reject(callID: string): Promise<Call> {
    return (await this.context.request('rejectCall', { callID })).call;
  }

  async hangup(callID: string, failure?: CallMediaFailure): Promise<Call> {
    const body = failure ? { callID, reason: 'failed' as const, failure } : { callID };
    return (await this.context.request('hangupCall', body)).call;
  }

  async join(callID: string): Promise<Call> {
    return (await this.context.request('joinCall', { callID })).call;
  }

  async invite(callID: string, userIDList: string[]): Promise<Call> {
    return (await this.context.request('inviteToCall', { callID, userIDList })).call;
  }

  async getGroupCall(groupID: string): Promise<Call | null> {
    return (await this.context.request('getGroupCall', { groupID })).call;
  }

  async getMyCalls(): Promise<Call[]> {
    return (await this.context.request('getMyCalls', {})).callList;
  }

  async sendSignal(callID: string, toUserID: string, signal: CallSignal): Promise<void> {
    await this.context.request('sendCallSignal', { callID, toUserID, signal });
  }

  async setMediaState(callID: string, state: { micMuted?: boolean; cameraOff?: boolean }): Promise<Call> {
    return (await this.context.request('setCallMediaState', { callID, ...state })).call;
  }

  onCall(handler: (change: CallChange) => void): () => void {
    return subscribe(this.callHandlers, handler);
  }

  onSignal(handler: (signal: SignalEvent) => void): () => void {
    return subscribe(this.signalHandlers, handler);
  }

  onResync(handler: (calls: Call[]) => void): () => void {
    return subscribe(this.resyncHandlers, handler);
  }

  handleCall(data: PushEvent<'call'>): void {
    for (const handler of [...this.callHandlers]) this.deliver(() => handler(data));
  }

  handleSignal(data: PushEvent<'callSignal'>): void {
    for (const handler of [...this.signalHandlers]) this.deliver(() => handler(data));
  }

  /**
   * After a reconnect: what the server still has for me. Pushes sent while the connection was
   * down are lost (they are not stored), and my joined tab's connection closing made me leave.
   */
  async handleReconnected(): Promise<void> {
    try {
      this.resync(await this.getMyCalls());
    } catch (error) {
      this.context.onError(error);
    }
  }

  /** Logged out or kicked: this tab is in no call any more. */
  reset(): void {
    this.resync([]);
  }

  private resync(calls: Call[]): void {
    for (const handler of [...this.resyncHandlers]) this.deliver(() => handler(calls));
  }

  /** One handler's fault is reported, and the others still run. */
  private deliver(run: () => void): void {
    try {
      run();
    } catch (error) {
      this.context.onError(error);
    }
  }
}

function subscribe<T>(handlers: Set<T>, handler: T): () => void {
  handlers.add(handler);
  return () => handlers.delete(handler);
}
