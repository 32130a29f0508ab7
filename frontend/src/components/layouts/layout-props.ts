import type { ReactNode } from 'react';
import type { ResolvedPage } from '@/config/pages';

export interface LayoutProps {
  page: ResolvedPage;
  pathname: string;
  children: ReactNode;
}
