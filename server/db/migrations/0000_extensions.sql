-- btree_gist lets the bookings table refuse overlapping bookings of one professional
-- (an exclusion constraint mixing = on uuid with && on a time range).
CREATE EXTENSION IF NOT EXISTS btree_gist;
