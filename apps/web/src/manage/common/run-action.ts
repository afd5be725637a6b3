import { feedback } from '../../base/feedback';

/**
 * Awaits a change, says it worked (the server's message unless `success` is given), then runs
 * `after` (a reload, say). A failure needs nothing here: the request layer showed its reason.
 */
export async function runAction(
  action: Promise<{ msg: string }>,
  after: () => unknown,
  success?: string,
): Promise<void> {
  try {
    const { msg } = await action;
    feedback.message.success(success ?? msg);
    await after();
  } catch {
    // The request layer showed the server's reason.
  }
}
