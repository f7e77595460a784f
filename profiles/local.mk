# profiles
