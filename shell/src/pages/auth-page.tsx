import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '@ringwise/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@ringwise/ui/card';
import { Input } from '@ringwise/ui/input';
import { Label } from '@ringwise/ui/label';
import { PageMeta } from '@ringwise/ui/page-meta';
import type { GoTrueClient } from '@supabase/auth-js';
import { enabledSocialProviders, loadAuthClient } from '../auth/auth-client.ts';
import { pageTitleOf } from '@ringwise/routes';
import { useAuth } from '../auth/auth-context.tsx';

const copy = {
  'sign-in': {
    heading: 'Sign in to Ringwise',
    submit: 'Sign In',
    busy: 'Signing in...',
    other: '/sign-up',
    otherText: "Don't have an account?",
    otherLabel: 'Sign up',
  },
  'sign-up': {
    heading: 'Create your Ringwise account',
    submit: 'Create Account',
    busy: 'Creating account...',
    other: '/sign-in',
    otherText: 'Already have an account?',
    otherLabel: 'Sign in',
  },
} as const;

const providerNames: Record<string, string> = { google: 'Google', github: 'GitHub', apple: 'Apple', azure: 'Microsoft', facebook: 'Facebook' };

/** Sign-in and sign-up with e-mail and password; both go to /home afterwards. */
export function AuthPage({ mode }: { mode: 'sign-in' | 'sign-up' }) {
  const text = copy[mode];
  const { state, signIn, signUp } = useAuth();
  const [, navigate] = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [providers, setProviders] = useState<string[]>([]);
  const ids = { email: useId(), password: useId(), error: useId() };

  useEffect(() => {
    enabledSocialProviders().then(setProviders, () => setProviders([]));
  }, []);
  useEffect(() => {
    if (state.status === 'signed-in') navigate('/home', { replace: true });
  }, [state.status, navigate]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!email.trim() || !password) {
      setError('Enter your e-mail address and password.');
      return;
    }
    if (mode === 'sign-up' && password.length < 8) {
      setError('Use at least 8 characters for your password.');
      return;
    }
    setBusy(true);
    try {
      await (mode === 'sign-in' ? signIn(email.trim(), password) : signUp(email.trim(), password));
      navigate('/home', { replace: true });
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="sh:flex sh:min-h-dvh sh:items-center sh:justify-center sh:bg-muted/40 sh:px-4">
      <PageMeta title={pageTitleOf({ name: mode }) ?? ''} description="Call any phone from your browser. Pay as you go." canonical={`/${mode}`} />
      <Card className="sh:w-full sh:max-w-sm">
        <CardHeader>
          <CardTitle asChild>
            <h1>{text.heading}</h1>
          </CardTitle>
          <CardDescription>Pay as you go: no subscriptions, no downloads.</CardDescription>
        </CardHeader>
        <CardContent>
          <form className="sh:flex sh:flex-col sh:gap-4" onSubmit={submit} noValidate aria-describedby={error ? ids.error : undefined}>
            <div className="sh:flex sh:flex-col sh:gap-2">
              <Label htmlFor={ids.email}>Email</Label>
              <Input id={ids.email} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
            </div>
            <div className="sh:flex sh:flex-col sh:gap-2">
              <Label htmlFor={ids.password}>Password</Label>
              <Input
                id={ids.password}
                type="password"
                autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                required
              />
            </div>
            {error && (
              <p id={ids.error} role="alert" className="sh:text-sm sh:text-destructive">
                {error}
              </p>
            )}
            <Button type="submit" disabled={busy}>
              {busy ? text.busy : text.submit}
            </Button>
          </form>
          {providers.length > 0 && (
            <div className="sh:mt-4 sh:flex sh:justify-center sh:gap-3" aria-label="Or continue with">
              {providers.map((provider) => (
                <Button
                  key={provider}
                  variant="outline"
                  size="icon"
                  aria-label={`Continue with ${providerNames[provider] ?? provider}`}
                  title={providerNames[provider] ?? provider}
                  onClick={async () =>
                    (await loadAuthClient()).signInWithOAuth({
                      provider: provider as Parameters<GoTrueClient['signInWithOAuth']>[0]['provider'],
                      options: { redirectTo: `${window.location.origin}/home` },
                    })
                  }
                >
                  <span aria-hidden className="sh:text-base sh:font-bold">
                    {(providerNames[provider] ?? provider).slice(0, 1)}
                  </span>
                </Button>
              ))}
            </div>
          )}
          <p className="sh:mt-4 sh:text-center sh:text-sm sh:text-muted-foreground">
            {text.otherText}{' '}
            <Link href={text.other} className="sh:font-medium sh:text-primary sh:underline-offset-4 sh:hover:underline">
              {text.otherLabel}
            </Link>
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
