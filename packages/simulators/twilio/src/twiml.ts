// The TwiML the simulator follows: a small XML reader (elements, attributes, text, entities, comments, the XML
// declaration; no DTDs, no CDATA) and the subset of Voice TwiML that Ringwise answers with:
//   <Response>
//     <Say>text</Say>
//     <Play loop>https://…/greeting.wav</Play>
//     <Record action method timeout finishOnKey maxLength playBeep trim recordingStatusCallback
//             recordingStatusCallbackEvent recordingStatusCallbackMethod/>
//     <Dial callerId timeLimit answerOnBridge action method timeout>
//       <Number statusCallback statusCallbackEvent statusCallbackMethod>+1…</Number>
//       <Client statusCallback statusCallbackEvent statusCallbackMethod>identity</Client>   (or a bare number as text)
//     </Dial>
//     <Hangup/>  <Reject reason="busy|rejected"/>
//   </Response>
// Anything else (or malformed XML) is a TwimlError: the call fails with Twilio's 12100 "Document parse failure"
// (or 12200 "Schema validation warning" for a verb it does not know).

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: Array<XmlElement | string>;
}

export class TwimlError extends Error {
  constructor(
    readonly code: 12100 | 12200,
    message: string,
  ) {
    super(message);
    this.name = 'TwimlError';
  }
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    const known = entities[entity];
    if (known === undefined) throw new TwimlError(12100, `Document parse failure: unknown entity ${whole}`);
    return known;
  });
}

const nameChars = /[A-Za-z0-9_:.-]/;

/** Parses one XML document into its root element. */
export function parseXml(source: string): XmlElement {
  let i = 0;
  const fail = (why: string): never => {
    throw new TwimlError(12100, `Document parse failure: ${why} (at ${i})`);
  };
  const skipMisc = () => {
    for (;;) {
      while (i < source.length && /\s/.test(source[i] ?? '')) i++;
      if (source.startsWith('<?', i)) {
        const end = source.indexOf('?>', i);
        if (end < 0) fail('unterminated declaration');
        i = end + 2;
      } else if (source.startsWith('<!--', i)) {
        const end = source.indexOf('-->', i + 4);
        if (end < 0) fail('unterminated comment');
        i = end + 3;
      } else return;
    }
  };
  const readName = (): string => {
    const start = i;
    while (i < source.length && nameChars.test(source[i] ?? '')) i++;
    if (i === start) fail('a name was expected');
    return source.slice(start, i);
  };
  const element = (): XmlElement => {
    if (source[i] !== '<') fail('an element was expected');
    i++;
    const name = readName();
    const attributes: Record<string, string> = {};
    for (;;) {
      while (/\s/.test(source[i] ?? '')) i++;
      if (source.startsWith('/>', i)) {
        i += 2;
        return { name, attributes, children: [] };
      }
      if (source[i] === '>') {
        i++;
        break;
      }
      const attribute = readName();
      while (/\s/.test(source[i] ?? '')) i++;
      if (source[i] !== '=') fail(`attribute ${attribute} has no value`);
      i++;
      while (/\s/.test(source[i] ?? '')) i++;
      const quote = source[i];
      if (quote !== '"' && quote !== "'") fail(`attribute ${attribute} is not quoted`);
      const end = source.indexOf(quote ?? '"', i + 1);
      if (end < 0) fail('unterminated attribute');
      if (Object.hasOwn(attributes, attribute)) fail(`attribute ${attribute} repeated`);
      attributes[attribute] = decode(source.slice(i + 1, end));
      i = end + 1;
    }
    const children: Array<XmlElement | string> = [];
    for (;;) {
      if (i >= source.length) fail(`<${name}> is not closed`);
      if (source.startsWith('</', i)) {
        i += 2;
        const closing = readName();
        if (closing !== name) fail(`</${closing}> closes <${name}>`);
        while (/\s/.test(source[i] ?? '')) i++;
        if (source[i] !== '>') fail('a closing tag was expected');
        i++;
        return { name, attributes, children };
      }
      if (source.startsWith('<!--', i)) {
        const end = source.indexOf('-->', i + 4);
        if (end < 0) fail('unterminated comment');
        i = end + 3;
      } else if (source[i] === '<') {
        if (source.startsWith('<!', i) || source.startsWith('<?', i)) fail('markup declarations are not supported');
        children.push(element());
      } else {
        const end = source.indexOf('<', i);
        const text = source.slice(i, end < 0 ? source.length : end);
        children.push(decode(text));
        i = end < 0 ? source.length : end;
      }
    }
  };
  skipMisc();
  const root = element();
  skipMisc();
  if (i < source.length) fail('content after the root element');
  return root;
}

export type DialStatusEvent = 'initiated' | 'ringing' | 'answered' | 'completed';

export interface DialTarget {
  kind: 'number' | 'client';
  /** The phone number, or the client identity. */
  address: string;
  statusCallback: string | null;
  statusCallbackMethod: 'GET' | 'POST';
  statusCallbackEvents: DialStatusEvent[];
}

export type RecordingStatusEvent = 'in-progress' | 'completed' | 'absent';

/** <Record>, with Twilio's defaults (twilio.com/docs/voice/twiml/record). */
export interface RecordVerb {
  verb: 'record';
  /** Where the recording is reported; null: the current document's URL. */
  action: string | null;
  method: 'GET' | 'POST';
  /** Seconds of silence that end the recording (default 5; 0: silence never ends it). */
  timeout: number;
  /** Keys that end the recording (default any key; empty: none). */
  finishOnKey: string;
  /** Seconds the recording may last (default 3600). */
  maxLength: number;
  playBeep: boolean;
  trim: 'trim-silence' | 'do-not-trim';
  recordingStatusCallback: string | null;
  recordingStatusCallbackMethod: 'GET' | 'POST';
  recordingStatusCallbackEvents: RecordingStatusEvent[];
}

export interface PlayVerb {
  verb: 'play';
  url: string;
  /** Times to play it (default 1; 0, Twilio's "until the call ends", is taken as 1000). */
  loop: number;
}

export type TwimlVerb =
  | { verb: 'say'; text: string }
  | PlayVerb
  | RecordVerb
  | { verb: 'hangup' }
  | { verb: 'reject'; reason: 'busy' | 'rejected' }
  | {
      verb: 'dial';
      callerId: string | null;
      /** Seconds the answered call may last (default 14400). */
      timeLimit: number;
      /** Seconds to ring before no-answer (default 30). */
      timeout: number;
      answerOnBridge: boolean;
      action: string | null;
      method: 'GET' | 'POST';
      targets: DialTarget[];
    };

const textOf = (element: XmlElement) => element.children.filter((child): child is string => typeof child === 'string').join('').trim();

function method(value: string | undefined): 'GET' | 'POST' {
  if (value === undefined || value.toUpperCase() === 'POST') return 'POST';
  if (value.toUpperCase() === 'GET') return 'GET';
  throw new TwimlError(12200, `Schema validation warning: method "${value}" is not GET or POST`);
}

function positiveInteger(value: string | undefined, fallback: number, attribute: string): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1) throw new TwimlError(12200, `Schema validation warning: ${attribute} must be a positive integer`);
  return Number(value);
}

function nonNegativeInteger(value: string | undefined, fallback: number, attribute: string): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value.trim())) throw new TwimlError(12200, `Schema validation warning: ${attribute} must be a non-negative integer`);
  return Number(value);
}

function bool(value: string | undefined, fallback: boolean, attribute: string): boolean {
  if (value === undefined) return fallback;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new TwimlError(12200, `Schema validation warning: ${attribute} must be true or false`);
}

const recordingEvents: readonly RecordingStatusEvent[] = ['in-progress', 'completed', 'absent'];

function record(element: XmlElement): RecordVerb {
  const attributes = element.attributes;
  const maxLength = positiveInteger(attributes.maxLength, 3600, 'maxLength');
  if (maxLength > 14_400) throw new TwimlError(12200, 'Schema validation warning: maxLength must be at most 14400');
  const finishOnKey = attributes.finishOnKey ?? '1234567890*#';
  if (!/^[0-9*#]*$/.test(finishOnKey)) throw new TwimlError(12200, `Schema validation warning: finishOnKey "${finishOnKey}"`);
  const trim = attributes.trim ?? 'trim-silence';
  if (trim !== 'trim-silence' && trim !== 'do-not-trim') throw new TwimlError(12200, `Schema validation warning: trim "${trim}"`);
  const events = (attributes.recordingStatusCallbackEvent ?? 'completed').split(/[\s,]+/).filter(Boolean);
  for (const event of events) if (!recordingEvents.includes(event as RecordingStatusEvent)) throw new TwimlError(12200, `Schema validation warning: recordingStatusCallbackEvent "${event}"`);
  return {
    verb: 'record',
    action: attributes.action ?? null,
    method: method(attributes.method),
    timeout: nonNegativeInteger(attributes.timeout, 5, 'timeout'),
    finishOnKey,
    maxLength,
    playBeep: bool(attributes.playBeep, true, 'playBeep'),
    trim,
    recordingStatusCallback: attributes.recordingStatusCallback ?? null,
    recordingStatusCallbackMethod: method(attributes.recordingStatusCallbackMethod),
    recordingStatusCallbackEvents: events as RecordingStatusEvent[],
  };
}

const statusEvents: readonly DialStatusEvent[] = ['initiated', 'ringing', 'answered', 'completed'];

function target(element: XmlElement): DialTarget {
  const kind = element.name === 'Number' ? 'number' : 'client';
  // <Client> may wrap <Identity>; the plain text form is what Ringwise writes
  const identity = element.children.find((child): child is XmlElement => typeof child !== 'string' && child.name === 'Identity');
  const address = identity ? textOf(identity) : textOf(element);
  if (!address) throw new TwimlError(12100, `Document parse failure: <${element.name}> is empty`);
  const events = (element.attributes.statusCallbackEvent ?? 'completed').split(/[\s,]+/).filter(Boolean);
  for (const event of events) if (!statusEvents.includes(event as DialStatusEvent)) throw new TwimlError(12200, `Schema validation warning: statusCallbackEvent "${event}"`);
  return {
    kind,
    address,
    statusCallback: element.attributes.statusCallback ?? null,
    statusCallbackMethod: method(element.attributes.statusCallbackMethod),
    statusCallbackEvents: events as DialStatusEvent[],
  };
}

/** The verbs of a TwiML document, in order. */
export function parseTwiml(source: string): TwimlVerb[] {
  const root = parseXml(source);
  if (root.name !== 'Response') throw new TwimlError(12100, `Document parse failure: the root is <${root.name}>, not <Response>`);
  const verbs: TwimlVerb[] = [];
  for (const child of root.children) {
    if (typeof child === 'string') {
      if (child.trim()) throw new TwimlError(12100, 'Document parse failure: text directly in <Response>');
      continue;
    }
    switch (child.name) {
      case 'Say':
        verbs.push({ verb: 'say', text: textOf(child) });
        break;
      case 'Play': {
        const url = textOf(child);
        if (!url) throw new TwimlError(12100, 'Document parse failure: <Play> has no URL');
        const loop = nonNegativeInteger(child.attributes.loop, 1, 'loop');
        verbs.push({ verb: 'play', url, loop: loop === 0 ? 1000 : loop });
        break;
      }
      case 'Record':
        verbs.push(record(child));
        break;
      case 'Hangup':
        verbs.push({ verb: 'hangup' });
        break;
      case 'Reject':
        verbs.push({ verb: 'reject', reason: child.attributes.reason === 'busy' ? 'busy' : 'rejected' });
        break;
      case 'Dial': {
        const targets: DialTarget[] = [];
        for (const inner of child.children) {
          if (typeof inner === 'string') {
            const text = inner.trim();
            if (text) targets.push({ kind: 'number', address: text, statusCallback: null, statusCallbackMethod: 'POST', statusCallbackEvents: ['completed'] });
          } else if (inner.name === 'Number' || inner.name === 'Client') targets.push(target(inner));
          else throw new TwimlError(12200, `Schema validation warning: <${inner.name}> in <Dial> is not simulated`);
        }
        if (targets.length !== 1) throw new TwimlError(12200, 'Schema validation warning: the simulator dials exactly one <Number> or <Client>');
        const attributes = child.attributes;
        verbs.push({
          verb: 'dial',
          callerId: attributes.callerId ?? null,
          timeLimit: positiveInteger(attributes.timeLimit, 14_400, 'timeLimit'),
          timeout: positiveInteger(attributes.timeout, 30, 'timeout'),
          answerOnBridge: attributes.answerOnBridge === 'true',
          action: attributes.action ?? null,
          method: method(attributes.method),
          targets,
        });
        break;
      }
      default:
        throw new TwimlError(12200, `Schema validation warning: <${child.name}> is not simulated`);
    }
  }
  return verbs;
}
