"""Reading saved pages: folders, zips, file lists; decoding; Wayback and "Save page as"."""
