import type { ContactTarget } from './contact-model';
import { GroupCard } from './GroupCard';
import { UserCard } from './UserCard';

export interface ContactCardProps {
  target: ContactTarget;
  /** Closes the card (the phone's back button; also after leaving a group). */
  onBack(): void;
  onOpenConversation(conversationID: string): void;
}

/** The contact info card (spec portal.md §2, §6): a person's or a group's. */
export function ContactCard({ target, onBack, onOpenConversation }: ContactCardProps) {
  return target.kind === 'user' ? (
    <UserCard userID={target.userID} summary={target.summary} onBack={onBack} onOpenConversation={onOpenConversation} />
  ) : (
    <GroupCard groupID={target.groupID} known={target.group} onBack={onBack} onOpenConversation={onOpenConversation} />
  );
}
