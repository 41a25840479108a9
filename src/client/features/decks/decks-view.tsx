import { useEffect, useState } from 'react';
import { CardManager } from './card-manager';
import type { DecksFile, SharedContext } from './decks-data';
import { DeckOverview } from './deck-overview';
import { StudySession } from './study-session';

type View = { name: 'decks' } | { name: 'study'; deckId: string } | { name: 'cards'; deckId: string };

/** The tab's three views: the decks, a study session, and a deck's cards. */
export default function DecksView({ file, context }: { file: DecksFile; context: SharedContext }) {
  const [view, setView] = useState<View>({ name: 'decks' });
  const toDecks = () => setView({ name: 'decks' });
  useEffect(() => {
    // A new view starts at its top, as a new page would.
    document.getElementById('main')?.scrollIntoView?.({ block: 'start' });
  }, [view.name]);

  if (view.name === 'study') {
    return <StudySession key={view.deckId} file={file} deckId={view.deckId} context={context} onExit={toDecks} />;
  }
  if (view.name === 'cards') {
    return (
      <CardManager
        file={file}
        deckId={view.deckId}
        context={context}
        onBack={toDecks}
        onStudy={() => setView({ name: 'study', deckId: view.deckId })}
      />
    );
  }
  return (
    <DeckOverview
      file={file}
      context={context}
      onStudy={(deckId) => setView({ name: 'study', deckId })}
      onManage={(deckId) => setView({ name: 'cards', deckId })}
    />
  );
}
