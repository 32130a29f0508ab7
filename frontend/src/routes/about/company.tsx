import { createFileRoute } from '@tanstack/react-router';
import company from 'virtual:doc/company';
import { DocumentPage } from '../../components/ui/document-sections';

export const Route = createFileRoute('/about/company')({
  component: () => <DocumentPage document={company} />,
});
