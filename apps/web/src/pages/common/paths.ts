/** Where the public pages link to one record (spec portal.md §2 routes, with the record's id). */
export const abilityPath = (id: string) => `/supplyDetail?id=${encodeURIComponent(id)}`;
export const companyPath = (userId: string) => `/companyMainPage?id=${encodeURIComponent(userId)}`;
export const clusterPath = (id: string) => `/integrated-detail?id=${encodeURIComponent(id)}`;
export const releasePath = (id: string) => `/publish-detail?id=${encodeURIComponent(id)}`;
export const newsPath = (id: string) => `/news-detail?id=${encodeURIComponent(id)}`;
export const expertPath = (id: string) => `/expertDetail?id=${encodeURIComponent(id)}`;
export const chainPath = (chainId: string) => `/industry?chainId=${encodeURIComponent(chainId)}`;
/** The capability library on one category (0: all), first page. */
export const supplyPath = (categoryId = 0) => `/supply?currentPage=1&activeKey=${categoryId}`;
