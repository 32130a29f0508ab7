import { createFileRoute } from '@tanstack/react-router';
import terms from 'virtual:doc/terms';
import { DocumentPage } from '@/components/ui/document-sections';

export const Route = createFileRoute('/terms')({
  staticData: { page: { title: '利用規約', stackType: 'dynamic', parent: '/', visitorAllowed: true } },
  component: () => <DocumentPage document={terms} />,
});
