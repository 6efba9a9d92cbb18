import { Link } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@ringwise/ui/card';
import { PageMeta } from '@ringwise/ui/page-meta';

const copy = {
  'sign-in': { title: 'Sign In', heading: 'Sign in to Ringwise', other: '/sign-up', otherLabel: 'Create an account' },
  'sign-up': { title: 'Sign Up', heading: 'Create your Ringwise account', other: '/sign-in', otherLabel: 'I already have an account' },
} as const;

/** The sign-in and sign-up pages; their forms arrive with Supabase Auth. */
export function AuthPage({ mode }: { mode: 'sign-in' | 'sign-up' }) {
  const text = copy[mode];
  return (
    <main className="sh:flex sh:min-h-dvh sh:items-center sh:justify-center sh:bg-muted/40 sh:px-4">
      <PageMeta title={text.title} description="Call any phone from your browser." canonical={`/${mode}`} />
      <Card className="sh:w-full sh:max-w-sm">
        <CardHeader>
          <CardTitle>
            <h1>{text.heading}</h1>
          </CardTitle>
          <CardDescription>Pay as you go: no subscriptions, no downloads.</CardDescription>
        </CardHeader>
        <CardContent className="sh:flex sh:flex-col sh:gap-3 sh:text-sm">
          <Link href="/home" className="sh:font-medium sh:text-primary sh:underline-offset-4 sh:hover:underline">
            Continue to the app
          </Link>
          <Link href={text.other} className="sh:text-muted-foreground sh:underline-offset-4 sh:hover:underline">
            {text.otherLabel}
          </Link>
        </CardContent>
      </Card>
    </main>
  );
}
