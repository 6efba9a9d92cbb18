// Serial waves of a page load: the document is wave 1, and a request is one wave after the latest wave whose
// response had ended before it started (it may have waited for it: a script that had to arrive and run, a manifest
// that had to be read). Chromium's initiators name the script on the call stack, which hides that a chunk was
// asked for only once another chunk had arrived and run, so the waves are read from the timings. The number of
// waves before a view renders is how many round trips stand in a row between the click and the view, whatever the
// bandwidth. A file the document itself names (a script, a stylesheet, a preload) is asked for by the parser as the
// document arrives, so it is wave 2 however its start compares with a small file that ended a moment before.

export interface TimedRequest {
  url: string;
  /** Milliseconds since navigation start. */
  startTime: number;
  responseEnd: number;
}

/** Each request's wave, in the order given; the first request (the document) is wave 1. */
export function wavesOf(requests: readonly TimedRequest[], namedInDocument: ReadonlySet<string> = new Set()): number[] {
  const waves: number[] = [];
  const parserFound = new Set<string>();
  requests.forEach((request, i) => {
    // the parser asks for each named file once; a second request for it came from a script
    if (i > 0 && namedInDocument.has(request.url) && !parserFound.has(request.url)) {
      parserFound.add(request.url);
      waves.push(2);
      return;
    }
    let wave = 1;
    for (let j = 0; j < requests.length; j++) {
      const before = requests[j]!;
      if (j !== i && waves[j] !== undefined && before.responseEnd <= request.startTime) wave = Math.max(wave, waves[j]! + 1);
    }
    waves.push(i === 0 ? 1 : Math.max(wave, 2));
  });
  return waves;
}
