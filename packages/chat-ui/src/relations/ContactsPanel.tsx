import { useState } from 'react';
import { useKit } from '../core/kit-context';
import { useContactsText } from '../i18n/contacts-text';
import { ContactCard } from './ContactCard';
import { ContactSearch } from './ContactSearch';
import { ContactSections, type SectionName } from './ContactSections';
import { type ContactTarget, targetKey } from './contact-model';
import './contacts.css';

export interface ContactsPanelProps {
  /** The tab is shown: friend requests in an open section count as read only while it is. Default true. */
  isActive?: boolean;
  /** The contact whose card is open. */
  selected: ContactTarget | null;
  onSelect(target: ContactTarget | null): void;
  /** Opens a conversation (`C2C…` or `GROUP…`) on the messages tab. */
  onOpenConversation(conversationID: string): void;
}

/**
 * The contacts tab (spec portal.md §2 "Contacts"): search and the collapsible sections on the left,
 * the chosen contact's card on the right. On phones the list and the card take turns: the card
 * fills the screen and its back button returns to the list (which keeps its search and sections).
 */
export function ContactsPanel({ isActive = true, selected, onSelect, onOpenConversation }: ContactsPanelProps) {
  const { isH5 } = useKit();
  const t = useContactsText();
  const [open, setOpen] = useState<ReadonlySet<SectionName>>(() => new Set());
  const [isSearching, setIsSearching] = useState(false);
  const selectedKey = selected ? targetKey(selected) : null;
  const toggle = (name: SectionName) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });

  return (
    <div className={`lc-contacts${isH5 ? ' lc-contacts--h5' : ''}`}>
      <div className="lc-contacts__aside" hidden={isH5 && selected !== null}>
        <ContactSearch selectedKey={selectedKey} onSelect={onSelect} onActiveChange={setIsSearching} />
        <div hidden={isSearching}>
          <ContactSections
            isActive={isActive}
            open={open}
            onToggle={toggle}
            selectedKey={selectedKey}
            onSelect={onSelect}
          />
        </div>
      </div>
      {isH5 && selected === null ? null : (
        <section className="lc-contacts__main" aria-label={t('cardLabel')}>
          {selected ? (
            <ContactCard
              key={targetKey(selected)}
              target={selected}
              onBack={() => onSelect(null)}
              onOpenConversation={onOpenConversation}
            />
          ) : (
            <p className="lc-contacts__placeholder">{t('chooseContact')}</p>
          )}
        </section>
      )}
    </div>
  );
}
