// A call's voicemail in Recent Calls (issue 36): "Voicemail · 0:12" (marked until played), and a player: play and
// pause, the position and length, a slider to move in it, download and delete. The audio is fetched once with the
// session's token and played from a blob: URL; the first play marks it heard.
import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, Pause, Play, Trash2, Voicemail } from 'lucide-react';
import { errorMessage } from '@ringwise/api-client';
import { voicemailRequests, type Call, type VoicemailSummary } from '@ringwise/contract/calls';
import { Button } from '@ringwise/ui/button';
import { cn } from '@ringwise/ui/cn';

const clock = (seconds: number) => {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

export function VoicemailPlayer({ call, voicemail }: { call: Pick<Call, 'id'>; voicemail: VoicemailSummary }) {
  const queryClient = useQueryClient();
  const sliderId = useId();
  const audioRef = useRef<HTMLAudioElement>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [length, setLength] = useState(voicemail.durationSeconds);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [heard, setHeard] = useState(voicemail.heard);
  const playWhenLoaded = useRef(false);

  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);

  const refreshCalls = () => void queryClient.invalidateQueries({ queryKey: ['/api/calls'] });
  const load = useMutation({
    mutationFn: () => voicemailRequests.audio(call.id),
    onSuccess: (blob) => setUrl(URL.createObjectURL(blob)),
    onError: (failure) => setError(errorMessage(failure, 'The voicemail could not be loaded. Try again.')),
  });
  const remove = useMutation({
    mutationFn: () => voicemailRequests.remove(call.id),
    onSuccess: refreshCalls,
    onError: (failure) => setError(errorMessage(failure, 'The voicemail could not be deleted. Try again.')),
  });

  useEffect(() => {
    if (url && playWhenLoaded.current) {
      playWhenLoaded.current = false;
      void audioRef.current?.play().catch(() => setError('The voicemail could not be played.'));
    }
  }, [url]);

  const toggle = () => {
    setError(null);
    const audio = audioRef.current;
    if (!url) {
      playWhenLoaded.current = true;
      load.mutate();
      return;
    }
    if (!audio) return;
    if (audio.paused) void audio.play().catch(() => setError('The voicemail could not be played.'));
    else audio.pause();
  };

  const onPlay = () => {
    setPlaying(true);
    if (!heard) {
      setHeard(true);
      voicemailRequests.markHeard(call.id).then(refreshCalls, () => {});
    }
  };

  return (
    <div className="dl:mt-2 dl:rounded-md dl:bg-muted/50 dl:p-2" data-testid="voicemail" role="group" aria-label="Voicemail">
      <p className="dl:flex dl:items-center dl:gap-2 dl:text-xs">
        <Voicemail aria-hidden className="dl:h-4 dl:w-4 dl:shrink-0" />
        <span className={cn(!heard && 'dl:font-semibold')}>Voicemail · {clock(voicemail.durationSeconds)}</span>
        {heard ? null : (
          <span className="dl:inline-flex dl:items-center dl:gap-1 dl:text-primary">
            <span aria-hidden className="dl:h-2 dl:w-2 dl:rounded-full dl:bg-primary" />
            <span className="dl:sr-only">Voicemail, not played yet</span>
            <span aria-hidden>New</span>
          </span>
        )}
      </p>
      <div className="dl:mt-1 dl:flex dl:items-center dl:gap-2">
        <Button variant="ghost" size="icon" className="dl:h-8 dl:w-8 dl:shrink-0" aria-label={playing ? 'Pause voicemail' : 'Play voicemail'} disabled={load.isPending} onClick={toggle}>
          {playing ? <Pause aria-hidden className="dl:h-4 dl:w-4" /> : <Play aria-hidden className="dl:h-4 dl:w-4" />}
        </Button>
        <label htmlFor={sliderId} className="dl:sr-only">
          Position in the voicemail
        </label>
        <input
          id={sliderId}
          type="range"
          min={0}
          max={Math.max(1, length)}
          step={0.1}
          value={Math.min(position, length)}
          disabled={!url}
          aria-valuetext={`${clock(position)} of ${clock(length)}`}
          className="dl:h-1 dl:min-w-0 dl:flex-1 dl:accent-primary"
          onChange={(event) => {
            const next = Number(event.target.value);
            setPosition(next);
            if (audioRef.current) audioRef.current.currentTime = next;
          }}
        />
        <span className="dl:shrink-0 dl:text-xs dl:tabular-nums" data-testid="voicemail-time">
          {clock(position)} / {clock(length)}
        </span>
        {url ? (
          <Button asChild variant="ghost" size="icon" className="dl:h-8 dl:w-8 dl:shrink-0">
            <a href={url} download={`voicemail-${call.id}.wav`} aria-label="Download voicemail">
              <Download aria-hidden className="dl:h-4 dl:w-4" />
            </a>
          </Button>
        ) : null}
        <Button variant="ghost" size="icon" className="dl:h-8 dl:w-8 dl:shrink-0" aria-label="Delete voicemail" onClick={() => setConfirming(true)}>
          <Trash2 aria-hidden className="dl:h-4 dl:w-4" />
        </Button>
      </div>
      {confirming ? (
        <div role="alertdialog" aria-label="Delete this voicemail?" className="dl:mt-2 dl:flex dl:flex-wrap dl:items-center dl:gap-2 dl:text-xs">
          <span>Delete this voicemail? This cannot be undone.</span>
          <Button size="sm" variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {remove.isPending ? 'Deleting…' : 'Delete'}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            Keep
          </Button>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="dl:mt-1 dl:text-xs dl:text-destructive">
          {error}
        </p>
      ) : null}
      {url ? (
        <audio
          ref={audioRef}
          src={url}
          preload="auto"
          data-testid="voicemail-audio"
          onPlay={onPlay}
          onPause={() => setPlaying(false)}
          onEnded={() => setPlaying(false)}
          onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime)}
          onLoadedMetadata={(event) => {
            if (Number.isFinite(event.currentTarget.duration)) setLength(event.currentTarget.duration);
          }}
        />
      ) : null}
    </div>
  );
}
