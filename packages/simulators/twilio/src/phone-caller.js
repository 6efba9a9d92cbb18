// The phone page's caller (served as /sim/twilio/phone/caller.js): with "Talk through this page's microphone"
// ticked, "Call" places the call with this page's microphone as the caller's audio, a WebRTC peer of the carrier
// simulator, and plays what the Ringwise user says. Without the box (or without this script) the form posts as
// before and the caller is a tone. Plain browser JavaScript, no build step.
(() => {
  const form = document.getElementById('call-form');
  const box = document.getElementById('call-microphone');
  const live = document.getElementById('call-live');
  const status = document.getElementById('call-live-status');
  const hangUp = document.getElementById('call-live-hangup');
  const audio = document.getElementById('call-live-audio');
  if (!form || !box || !live || !status || !hangUp || !audio) return;

  const terminal = new Set(['completed', 'busy', 'no-answer', 'failed', 'canceled', 'gone']);
  let current = null;

  const say = (text) => {
    status.textContent = text;
  };

  function gathered(pc) {
    if (pc.iceGatheringState === 'complete') return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        if (pc.iceGatheringState !== 'complete') return;
        pc.removeEventListener('icegatheringstatechange', done);
        resolve();
      };
      pc.addEventListener('icegatheringstatechange', done);
      // host candidates come within milliseconds; never wait for a slow interface
      setTimeout(resolve, 3000);
    });
  }

  function end(text) {
    if (!current) return;
    clearInterval(current.poll);
    for (const track of current.stream.getTracks()) track.stop();
    current.pc.close();
    current = null;
    audio.srcObject = null;
    hangUp.hidden = true;
    form.querySelector('button[type="submit"]').disabled = false;
    say(text);
  }

  async function follow(sid) {
    if (!current) return;
    try {
      const response = await fetch(`${form.action.replace(/\/call$/, '')}/calls/${encodeURIComponent(sid)}`, { headers: { accept: 'application/json' } });
      const call = await response.json();
      // a poll that was under way when the caller pressed Hang up must not tell their own hang-up as the far end's
      if (!current || current.hangingUp) return;
      if (terminal.has(call.status)) end(`The call ended (${call.label}). Refresh the page to see it below.`);
      else if (call.status === 'in-progress') say('On the call: the Ringwise user hears this microphone, and you hear them.');
    } catch {
      // the next poll tries again
    }
  }

  async function call() {
    const button = form.querySelector('button[type="submit"]');
    button.disabled = true;
    live.hidden = false;
    say('Asking for the microphone…');
    let stream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      button.disabled = false;
      say(`The microphone is not available (${error && error.name ? error.name : 'refused'}). Untick the box to call with a tone.`);
      return;
    }
    const pc = new RTCPeerConnection();
    current = { pc, stream, poll: 0, sid: null, hangingUp: false };
    for (const track of stream.getAudioTracks()) pc.addTrack(track, stream);
    pc.addEventListener('track', (event) => {
      audio.srcObject = event.streams[0] || new MediaStream([event.track]);
    });
    try {
      await pc.setLocalDescription(await pc.createOffer());
      await gathered(pc);
      const data = new FormData(form);
      const body = new URLSearchParams({ from: String(data.get('from') || ''), to: String(data.get('to') || ''), sdp: pc.localDescription.sdp });
      say('Calling…');
      const response = await fetch(form.action, { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' }, body });
      const answer = await response.json();
      if (!response.ok || !answer.callSid) return end(answer.message || 'The call could not be placed.');
      await pc.setRemoteDescription({ type: 'answer', sdp: answer.sdp });
      current.sid = answer.callSid;
      hangUp.hidden = false;
      say('Ringing: the Ringwise user hears this microphone once they answer.');
      current.poll = setInterval(() => follow(answer.callSid), 1000);
    } catch {
      end('The call could not be placed. Try again.');
    }
  }

  form.addEventListener('submit', (event) => {
    if (!box.checked || current) return;
    event.preventDefault();
    void call();
  });

  hangUp.addEventListener('click', async () => {
    if (!current || !current.sid) return;
    const sid = current.sid;
    current.hangingUp = true;
    clearInterval(current.poll);
    await fetch(`${form.action.replace(/\/call$/, '')}/calls/${encodeURIComponent(sid)}/hangup`, { method: 'POST' }).catch(() => {});
    end('You hung up. Refresh the page to see the call below.');
  });
})();
