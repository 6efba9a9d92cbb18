// The landing page sends signed-in visitors to /home (spec §2: checks every 100 ms, at most 50 times).
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { useAuth } from './auth-context.tsx';

export const LANDING_CHECK_INTERVAL_MS = 100;
export const LANDING_CHECK_ATTEMPTS = 50;

export function useRedirectSignedInToHome(): void {
  const { state } = useAuth();
  const [, navigate] = useLocation();
  const status = useRef(state.status);
  status.current = state.status;

  useEffect(() => {
    let attempts = 0;
    const check = () => {
      attempts++;
      if (status.current === 'signed-in') {
        clearInterval(timer);
        navigate('/home', { replace: true });
      } else if (attempts >= LANDING_CHECK_ATTEMPTS) {
        clearInterval(timer);
      }
    };
    const timer = setInterval(check, LANDING_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [navigate]);
}
