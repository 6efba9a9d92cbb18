// The optional rating after an answered outgoing call (spec §4 'Call feedback'): offered once per call, with the
// issue the call's quality warnings point to pre-selected, and sent once.
import type { CallFeedbackInput, CallFeedbackIssue } from '@ringwise/contract/calls';
import { errorMessage } from '@ringwise/api-client';
import type { CallingDeps } from './calling-deps.ts';
import type { CallingState, CallUiState, FeedbackPrompt } from './calling-state.ts';
import { callToasts } from './notices.ts';

export interface FeedbackPrompts {
  /** The prompt to offer once `call` has ended, or null (incoming, unanswered, resumed, or already rated). */
  after(call: CallUiState, wasAnswered: boolean, suggestedIssue: CallFeedbackIssue | null): FeedbackPrompt | null;
  send(body: CallFeedbackInput): Promise<void>;
  dismiss(): void;
  /** Forgets which calls were rated (destroy). */
  reset(): void;
}

export function createFeedbackPrompts(deps: CallingDeps, state: CallingState): FeedbackPrompts {
  let sent = new Set<string>();
  return {
    after(call, wasAnswered, suggestedIssue) {
      return call.direction === 'outbound' && call.callId && wasAnswered && !call.resumed && !sent.has(call.callId)
        ? { callId: call.callId, to: call.to ?? '', duration: call.duration, suggestedIssue }
        : null;
    },

    async send(body) {
      const prompt = state.get().feedback;
      if (!prompt || sent.has(prompt.callId)) return;
      sent.add(prompt.callId);
      state.set({ feedback: null });
      try {
        await deps.requests.feedback(prompt.callId, body);
        deps.notify(callToasts.feedbackThanks);
      } catch (error) {
        deps.notify({ ...callToasts.feedbackFailed, description: errorMessage(error, callToasts.feedbackFailed.description) });
      }
    },

    dismiss() {
      state.set({ feedback: null });
    },

    reset() {
      sent = new Set();
    },
  };
}
