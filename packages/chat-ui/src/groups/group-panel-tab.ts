/** The group panel's tabs; the main tab links to the others. */
export type GroupPanelTab = 'main' | 'member' | 'profile' | 'notification' | 'admin';
