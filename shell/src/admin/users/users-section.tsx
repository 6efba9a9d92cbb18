// /admin/users: the list with search and pages, or one user's detail (?user=<id>), so the browser's Back
// returns from a user to the list.
import { useSearch } from 'wouter';
import { UserDetail } from './user-detail.tsx';
import { UserList } from './user-list.tsx';

export function UsersSection() {
  const userId = new URLSearchParams(useSearch()).get('user');
  return userId ? <UserDetail id={userId} /> : <UserList />;
}
