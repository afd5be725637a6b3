/** Where the portal links to one record (spec portal.md §2 routes, with the record's id) or one chat. */
export const abilityPath = (id: string) => `/supplyDetail?id=${encodeURIComponent(id)}`;
export const companyPath = (userId: string) => `/companyMainPage?id=${encodeURIComponent(userId)}`;
export const clusterPath = (id: string) => `/integrated-detail?id=${encodeURIComponent(id)}`;
export const releasePath = (id: string) => `/publish-detail?id=${encodeURIComponent(id)}`;
export const newsPath = (id: string) => `/news-detail?id=${encodeURIComponent(id)}`;
export const expertPath = (id: string) => `/expertDetail?id=${encodeURIComponent(id)}`;
export const chainPath = (chainId: string) => `/industry?chainId=${encodeURIComponent(chainId)}`;
/** The capability library on one category (0: all), first page. */
export const supplyPath = (categoryId = 0) => `/supply?currentPage=1&activeKey=${categoryId}`;
/** The chat with the other party in the message centre. */
export function chatPath(otherUserId: string): string {
  return `/manageCenter/message?conversationID=${encodeURIComponent(`C2C${otherUserId}`)}`;
}
