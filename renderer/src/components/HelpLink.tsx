import { useState } from 'react';
import { useT, type MessageKey } from '../i18n/index.ts';
import { Dialog } from './Dialog.tsx';

/** What the app explains in a few sentences, where the question comes up (issue 42). */
export type HelpTopic = 'unknownOutcome' | 'grantEnds';

const TOPICS: Record<HelpTopic, { title: MessageKey; body: readonly MessageKey[] }> = {
  unknownOutcome: {
    title: 'help.unknownOutcome.title',
    body: [
      'help.unknownOutcome.what',
      'help.unknownOutcome.maybe',
      'help.unknownOutcome.again',
      'help.unknownOutcome.you',
    ],
  },
  grantEnds: {
    title: 'help.grantEnds.title',
    body: ['help.grantEnds.what', 'help.grantEnds.after', 'help.grantEnds.when'],
  },
};

/**
 * "What does this mean?": a link beside a state that raises the question, opening a short page on it in a dialog;
 * closing it gives the focus back to the link.
 */
export function HelpLink({ topic }: { topic: HelpTopic }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const { title, body } = TOPICS[topic];
  return (
    <>
      {/* A link to a page of help (shown in a dialog), not one of the state's actions. */}
      <a
        href={`#help-${topic}`}
        data-testid={`help-${topic}`}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {t('help.open')}
      </a>
      {open && (
        <Dialog title={t(title)} onClose={() => setOpen(false)}>
          {body.map((key) => (
            <p key={key}>{t(key)}</p>
          ))}
          <div className="actions">
            <button type="button" onClick={() => setOpen(false)}>
              {t('action.close')}
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}
