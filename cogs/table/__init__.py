"""The shared table flow: lobby → start → load / apply / save / render / respond → results."""
