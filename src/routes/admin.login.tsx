import { createFileRoute, redirect } from '@tanstack/react-router';
import { adminHomePath } from '../../machines/admin-session.types';
import { AdminLoginPage } from '../admin/admin-login-page';
import { adminSignedIn } from '../admin/lazy';

/** Only console paths are followed after a login (never another site). */
function consolePath(value: unknown): string | undefined {
  return typeof value === 'string' && /^\/admin\/[^/\\]/.test(value) && !value.startsWith('/admin/login')
    ? value
    : undefined;
}

export const Route = createFileRoute('/admin/login')({
  staticData: { layout: 'bare', pageTitle: 'Admin Login', name: 'admin.login' },
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => {
    const path = consolePath(search.redirect);
    return path ? { redirect: path } : {};
  },
  // A signed-in admin has nothing to do here. Reads the snapshot only (beforeLoad also runs on preload).
  beforeLoad: async ({ search }) => {
    if (await adminSignedIn()) throw redirect({ href: search.redirect ?? adminHomePath, replace: true });
  },
  component: function AdminLogin() {
    const { redirect: redirectTo } = Route.useSearch();
    return <AdminLoginPage redirectTo={redirectTo} />;
  },
});
