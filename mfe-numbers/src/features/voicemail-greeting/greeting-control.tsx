// One number's voicemail greeting in Settings → Numbers (issue 36): the spoken default, or the customer's own
// recording, recorded here (up to a minute), listened to before it is saved, replaced or removed.
import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Mic, Square } from 'lucide-react';
import { Button } from '@ringwise/ui/button';
import { errorMessage } from '@ringwise/api-client';
import { maxGreetingSeconds } from '@ringwise/contract/greeting-wav';
import { greetingQueries, greetingRequests } from '@ringwise/contract/numbers';
import { startGreetingRecording, type GreetingRecording } from './greeting-recorder.ts';

type Step = { kind: 'idle' } | { kind: 'recording'; startedAt: number } | { kind: 'review'; wav: Blob; url: string; seconds: number };

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/** An object URL for a blob, revoked when it changes or the component goes. */
function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setUrl(null);
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

export function GreetingControl({ numberId, label }: { numberId: string; label: string }) {
  const queryClient = useQueryClient();
  const greeting = useQuery({ ...greetingQueries.get(numberId), meta: { handlesError: true } });
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const [saved, setSaved] = useState<Blob | null>(null);
  const savedUrl = useObjectUrl(saved);
  const recording = useRef<GreetingRecording | null>(null);

  const refresh = (next: unknown) => queryClient.setQueryData(greetingQueries.get(numberId).queryKey, next as never);
  const save = useMutation({
    mutationFn: (wav: Blob) => greetingRequests.upload(numberId, wav),
    onSuccess: (next) => {
      refresh(next);
      setStep({ kind: 'idle' });
      setSaved(null);
    },
    onError: (failure) => setError(errorMessage(failure)),
  });
  const remove = useMutation({
    mutationFn: () => greetingRequests.remove(numberId),
    onSuccess: () => {
      refresh({ greeting: null });
      setSaved(null);
    },
    onError: (failure) => setError(errorMessage(failure)),
  });
  const listen = useMutation({ mutationFn: () => greetingRequests.audio(numberId), onSuccess: setSaved, onError: (failure) => setError(errorMessage(failure)) });

  const stop = async () => {
    const active = recording.current;
    recording.current = null;
    if (!active) return;
    try {
      const { wav, seconds } = await active.stop();
      setStep({ kind: 'review', wav, url: URL.createObjectURL(wav), seconds });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setStep({ kind: 'idle' });
    }
  };

  // the clock while recording, and the stop at a minute
  useEffect(() => {
    if (step.kind !== 'recording') return;
    const timer = setInterval(() => {
      const seconds = (Date.now() - step.startedAt) / 1000;
      setElapsed(seconds);
      if (seconds >= maxGreetingSeconds) void stop();
    }, 250);
    return () => clearInterval(timer);
  }, [step]);
  useEffect(() => () => recording.current?.cancel(), []);
  useEffect(() => (step.kind === 'review' ? () => URL.revokeObjectURL(step.url) : undefined), [step]);

  const record = async () => {
    setError(null);
    try {
      recording.current = await startGreetingRecording();
      setElapsed(0);
      setStep({ kind: 'recording', startedAt: Date.now() });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const own = greeting.data?.greeting ?? null;
  return (
    <div className="nm:space-y-2" role="group" aria-label={`Voicemail greeting for ${label}`}>
      <p className="nm:text-sm">
        <span className="nm:font-medium">{label}</span>
        <span className="nm:text-muted-foreground">
          {' · '}
          {greeting.isPending ? 'Loading greeting…' : own ? `Your recorded greeting (${clock(own.durationSeconds)})` : 'Standard spoken greeting'}
        </span>
      </p>
      {step.kind === 'recording' ? (
        <div className="nm:flex nm:flex-wrap nm:items-center nm:gap-2">
          <span role="status" className="nm:text-sm nm:tabular-nums">
            Recording… {clock(elapsed)} / {clock(maxGreetingSeconds)}
          </span>
          <Button size="sm" onClick={() => void stop()}>
            <Square aria-hidden="true" className="nm:size-4" /> Stop
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              recording.current?.cancel();
              recording.current = null;
              setStep({ kind: 'idle' });
            }}
          >
            Cancel
          </Button>
        </div>
      ) : step.kind === 'review' ? (
        <div className="nm:space-y-2">
          <audio controls src={step.url} aria-label="Your new greeting" className="nm:w-full nm:max-w-sm" />
          <div className="nm:flex nm:flex-wrap nm:gap-2">
            <Button size="sm" disabled={save.isPending} onClick={() => save.mutate(step.wav)}>
              {save.isPending ? 'Saving…' : 'Save greeting'}
            </Button>
            <Button size="sm" variant="ghost" disabled={save.isPending} onClick={() => setStep({ kind: 'idle' })}>
              Discard
            </Button>
          </div>
        </div>
      ) : (
        <div className="nm:flex nm:flex-wrap nm:gap-2">
          <Button size="sm" variant="outline" onClick={() => void record()}>
            <Mic aria-hidden="true" className="nm:size-4" /> {own ? 'Record a new greeting' : 'Record greeting'}
          </Button>
          {own ? (
            <>
              <Button size="sm" variant="outline" disabled={listen.isPending} onClick={() => listen.mutate()}>
                Listen
              </Button>
              <Button size="sm" variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate()}>
                Use the standard greeting
              </Button>
            </>
          ) : null}
        </div>
      )}
      {savedUrl && step.kind === 'idle' ? <audio controls autoPlay src={savedUrl} aria-label="Your greeting" className="nm:w-full nm:max-w-sm" /> : null}
      {error ? (
        <p role="alert" className="nm:text-sm nm:text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
