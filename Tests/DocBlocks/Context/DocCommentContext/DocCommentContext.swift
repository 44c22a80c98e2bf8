import Relay
