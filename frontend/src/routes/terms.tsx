import { createFileRoute } from '@tanstack/react-router';
import terms from 'virtual:doc/terms';
import { DocumentPage } from '../components/ui/document-sections';

export const Route = createFileRoute('/terms')({
  component: () => <DocumentPage document={terms} />,
});
