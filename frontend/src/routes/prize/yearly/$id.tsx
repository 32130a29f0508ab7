import { createFileRoute } from '@tanstack/react-router';
import { prizeDetailRoute } from '../../../features/prize/components/prize-detail';

export const Route = createFileRoute('/prize/yearly/$id')(prizeDetailRoute('yearly'));
