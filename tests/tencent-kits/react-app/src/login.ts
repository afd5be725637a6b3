import TencentCloudChat from '@tencentcloud/chat';
import { TUILogin } from '@tencentcloud/tui-core';

/**
 * The only code written for the test: the credentials come from the page's URL
 * (`?server=…&SDKAppID=…&userID=…&userSig=…`), and the server is named once before login, the one
 * line a port from Tencent's cloud adds.
 */
export async function loginToChat(): Promise<void> {
  const query = new URLSearchParams(window.location.search);
  TencentCloudChat.setDefaultServer(required(query, 'server'));
  await TUILogin.login({
    SDKAppID: Number(required(query, 'SDKAppID')),
    userID: required(query, 'userID'),
    userSig: required(query, 'userSig'),
    useUploadPlugin: true,
  });
}

function required(query: URLSearchParams, name: string): string {
  const value = query.get(name);
  if (!value) throw new Error(`the page's URL names no ${name}`);
  return value;
}
