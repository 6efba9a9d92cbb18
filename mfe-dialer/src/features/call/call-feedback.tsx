// After an answered call: an optional 1-5 rating with the issue list (spec §5 'Feedback on a call'), the issue the
// call's quality warnings pointed to pre-selected, sent once (POST /api/calls/{id}/feedback). A small card above the
// bottom navigation; 'Not now' dismisses it.
import { useState } from 'react';
import { Star, X } from 'lucide-react';
import { callFeedbackIssueLabels, callFeedbackIssues, type CallFeedbackIssue } from '@ringwise/contract/calls';
import { Button } from '@ringwise/ui/button';
import { cn } from '@ringwise/ui/cn';
import type { FeedbackPrompt } from '../../calling/calling-state.ts';
import type { CallingStore } from '../../calling/calling-store.ts';
import { usePhoneFormat } from '@ringwise/phone/display';

export default function CallFeedback({ prompt, store }: { prompt: FeedbackPrompt; store: CallingStore }) {
  const [score, setScore] = useState<number | null>(null);
  const [issue, setIssue] = useState<CallFeedbackIssue | null>(prompt.suggestedIssue);
  const [sending, setSending] = useState(false);
  const format = usePhoneFormat();
  return (
    <section
      aria-label="Call feedback"
      className="dl:fixed dl:inset-x-4 dl:top-16 dl:z-40 dl:mx-auto dl:max-w-sm dl:rounded-lg dl:border dl:border-border dl:bg-background dl:p-4 dl:shadow-lg"
    >
      <div className="dl:flex dl:items-start dl:justify-between dl:gap-2">
        <div>
          <h2 className="dl:text-sm dl:font-semibold">How was your call?</h2>
          <p className="dl:text-xs dl:text-muted-foreground">{format(prompt.to)}</p>
        </div>
        <Button type="button" variant="ghost" size="icon" className="dl:h-8 dl:w-8" aria-label="Not now" onClick={() => store.dismissFeedback()}>
          <X aria-hidden className="dl:h-4 dl:w-4" />
        </Button>
      </div>
      <div role="radiogroup" aria-label="Call quality" className="dl:mt-2 dl:flex dl:gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <button
            key={n}
            type="button"
            role="radio"
            aria-checked={score === n}
            aria-label={`${n} star${n === 1 ? '' : 's'}`}
            onClick={() => setScore(n)}
            className="dl:rounded dl:p-1 dl:focus-visible:outline-2"
          >
            <Star aria-hidden className={cn('dl:h-6 dl:w-6', score !== null && n <= score ? 'dl:fill-amber-400 dl:text-amber-400' : 'dl:text-muted-foreground')} />
          </button>
        ))}
      </div>
      {score !== null && score < 5 ? (
        <fieldset className="dl:mt-2">
          <legend className="dl:text-xs dl:text-muted-foreground">What went wrong? (optional)</legend>
          <div className="dl:mt-1 dl:flex dl:flex-wrap dl:gap-1.5">
            {callFeedbackIssues.map((value) => (
              <Button
                key={value}
                type="button"
                size="sm"
                variant={issue === value ? 'secondary' : 'outline'}
                aria-pressed={issue === value}
                className="dl:h-7 dl:px-2 dl:text-xs"
                onClick={() => setIssue((current) => (current === value ? null : value))}
              >
                {callFeedbackIssueLabels[value]}
              </Button>
            ))}
          </div>
        </fieldset>
      ) : null}
      <Button
        type="button"
        size="sm"
        className="dl:mt-3 dl:w-full"
        disabled={score === null || sending}
        onClick={() => {
          if (score === null) return;
          setSending(true);
          void store.sendFeedback({ score, issue: score < 5 ? issue : null });
        }}
      >
        Send feedback
      </Button>
    </section>
  );
}
