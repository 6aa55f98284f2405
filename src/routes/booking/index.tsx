import { createFileRoute } from '@tanstack/react-router';

// /booking names the booking start: the machine moves the URL to /booking/location.
export const Route = createFileRoute('/booking/')({ component: () => null });
