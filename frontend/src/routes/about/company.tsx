import { createFileRoute } from '@tanstack/react-router';
import company from 'virtual:doc/company';
import { DocumentPage } from '@/components/ui/document-sections';

export const Route = createFileRoute('/about/company')({
  staticData: { page: { title: '運営会社', stackType: 'dynamic', parent: '/', visitorAllowed: true } },
  component: () => <DocumentPage document={company} />,
});
